// Package corpustest holds what the corpus packages' tests share.
package corpustest
