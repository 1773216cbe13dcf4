// Package ladder adds CLI releases to the corpus as rungs of a ladder: it
// pins a release (corpus/cli/<version>), installs it under the CLI folder,
// captures every scenario the release can run, validates the captures and
// reports what changed against the rung below (see AddRelease).
//
// The capture, normalisation and structural comparison are package
// corpus's (Regress with Update, Survey); this package orders them and
// says what they found.
package ladder
