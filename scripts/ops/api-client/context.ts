/** What the API client test (scripts/ops/api-client.int.test.ts) hands the workflow it drives. */
export type WorkflowContext = {
  baseUrl: string;
  /** API token secrets by role. */
  tokens: { admin: string; editor: string; writer: string };
  /** A valid film page with a quiz (JSON of the FilmContent schema), at an address of its own. */
  film: unknown;
  /** A person the film credits (their page exists once it is published). */
  person: string;
  /** Three small, different PNG images. */
  images: [ArrayBuffer, ArrayBuffer, ArrayBuffer];
  /** The loopback webhook receiver's address, and a promise for its `count`th event of a type. */
  receiverUrl: string;
  received: (type: string, count?: number) => Promise<void>;
  /** Every answer the client gets, checked against the document (the body read from a clone). */
  record: (request: Request, response: Response) => Promise<void>;
};
