/** A draw input that cannot be used as given; the message says which one and how to fix it. */
export class FairInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FairInputError';
  }
}
