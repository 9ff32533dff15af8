// The one error a decoder throws for a file it cannot read: its message is shown to the athlete as the file's
// import failure, so it says what is wrong in words a person can act on.
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
}
