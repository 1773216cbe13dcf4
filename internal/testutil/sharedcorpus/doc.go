// Package sharedcorpus gives tests the transcripts of the shared folder that
// sits beside the repository (../shared): the real CLI sample and the public
// corpus. Tests that use it skip when the folder is absent.
package sharedcorpus
