// Package modeltest checks what every Go-modelled dialect must hold to be
// reflected into a schema set like the others: unique variants whose Go
// types carry their discriminators, the field conventions of package
// protocol, doc comments (they become schema descriptions) and well-formed
// unions. It also decodes a line into a dialect's types the way the
// dialect's reader would, for the dialects' own tests.
package modeltest
