// Package fixlist turns what corpus run and the probe suite found about one
// dialect into a fix list its maintainer can act on: findings grouped by
// root cause rather than by variant, ranked by what they cost a session,
// each with the correct wire shape, one evidence line shown inline, the
// lines and variants it accounts for, the ledger's reason, and whether the
// claim was verified on a CLI or inferred from types.
package fixlist
