/** A short random pause between retries of a conditional write, so competing writers spread out. */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 5)));
}
