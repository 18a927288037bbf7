import "@testing-library/jest-dom";

// A route that answers 5xx records the error after answering (lib/http.ts): the test file waits for those
// writes before its environment is torn down, so none of them reaches a database or a module too late.
afterAll(async () => {
  const pending = (globalThis as { __ottoErrorRecordings?: Set<Promise<void>> }).__ottoErrorRecordings;
  if (pending) await Promise.allSettled([...pending]);
});
