/** Moved to testkit/, which the benchmarks share; the tests keep importing it from here. */
export * from '../../testkit/http';
