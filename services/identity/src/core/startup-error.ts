/** A start-up failure the operator fixes outside the code; main prints its message as one line. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
