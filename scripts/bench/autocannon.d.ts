// autocannon 8 ships no types (and @types/autocannon is not installed): the part the bench uses.
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  export type Result = {
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    idReplacement?: boolean;
    /** Requests in turn on each connection; setupRequest may change each one (its path). */
    requests?: Array<{ method?: string; path?: string; setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
