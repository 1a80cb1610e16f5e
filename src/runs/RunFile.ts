/** A file a run wrote, as a download lists it. */
export interface RunFile {
  name: string;
  bytes: number;
  sha256: string;
}
