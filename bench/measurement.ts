/** The measurement every bench module's run() returns and bench/run.ts prints. */
export interface Measurement {
  name: string;
  value: number;
  unit: string;
}
