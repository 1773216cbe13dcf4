package report

import (
	"io"
	"os"
)

// spoolMemory is how much a spool holds in memory before it moves to a
// temporary file.
const spoolMemory = 4 << 20

// A spool holds bytes written now and read back at the end: in memory up
// to spoolMemory, then in a temporary file. The file's name is removed as
// soon as it is created (the open file stays readable and writable), so
// the data goes when the process goes, even when it is killed with
// SIGKILL and runs no code of its own. Where the system does not remove
// an open file's name (Windows), close removes it instead, and a process
// killed outright leaves it behind.
type spool struct {
	mem   []byte
	file  *os.File
	n     int64
	named bool // the file still has its name: close removes it
}

func (s *spool) size() int64 { return s.n }

func (s *spool) write(b []byte) error {
	if s.file == nil && len(s.mem)+len(b) > spoolMemory {
		f, err := os.CreateTemp("", "protocheck-report-*")
		if err != nil {
			return err
		}
		s.file = f
		s.named = os.Remove(f.Name()) != nil
		if _, err := f.Write(s.mem); err != nil {
			return err
		}
		s.mem = nil
	}
	s.n += int64(len(b))
	if s.file == nil {
		s.mem = append(s.mem, b...)
		return nil
	}
	_, err := s.file.Write(b)
	return err
}

// copy writes the bytes of sp to w.
func (s *spool) copy(w io.Writer, sp span) error {
	if s.file == nil {
		_, err := w.Write(s.mem[sp.from:sp.to])
		return err
	}
	_, err := io.Copy(w, io.NewSectionReader(s.file, sp.from, sp.to-sp.from))
	return err
}

// close closes the temporary file, if any, and removes it if it still
// has a name.
func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
		if s.named {
			os.Remove(s.file.Name())
		}
		s.file = nil
	}
	s.mem = nil
}
