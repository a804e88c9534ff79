/** A knowledge-base article that cannot be used, with the file and the reason in the message. */
export class KnowledgeError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'KnowledgeError';
  }
}
