/** The part of autocannon (which ships no types) that scripts/bench-api.ts uses. */
declare module 'autocannon' {
  interface Percentiles {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Percentiles & { total: number };
    latency: Percentiles;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
