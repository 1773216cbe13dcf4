// Package ledger keeps the checked-in lists of known divergences that tests
// hold what they find against: the public captures that fail their schema,
// the members the real CLI prints that the protocol does not define.
//
// A ledger file has one entry a line, "entry  # reason"; lines that start
// with # are comments. Check fails a test on an entry it finds that the
// ledger does not list, and on a listed entry it no longer finds, so the
// list can neither grow unnoticed nor rot. With -update-ledger it rewrites
// the file, keeping the reasons already given; recording an entry that is
// new also needs -force, and leaves a "TODO" reason that the next run
// rejects until a person writes the reason.
//
// The package is for tests: it registers the two flags in the test binaries
// that import it.
package ledger
