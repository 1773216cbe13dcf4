// Package drift compares two schema sets member by member (Drift): two
// dialects, or the wire model as two CLI versions send and read it
// (DialectOrVersion, ExplainVersions), and says who breaks when one side
// writes what the other reads.
package drift
