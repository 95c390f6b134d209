// What went wrong between a kafkajs client and the brokers, in words for operators (the event bus,
// the topics Job). Kept apart from the bus so the Job loads no more than kafkajs and its config.
const CONNECTION_ERRORS = new Set(['KafkaJSConnectionError', 'KafkaJSConnectionClosedError', 'KafkaJSRequestTimeoutError', 'KafkaJSBrokerNotFound', 'KafkaJSSASLAuthenticationError']);

/** Whether an error says the brokers cannot be reached (rather than that this request was wrong). */
export function isConnectionProblem(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (CONNECTION_ERRORS.has(current.name)) return true;
  }
  return false;
}

/** Why the brokers cannot be used, in words an operator acts on, without their addresses. */
export function kafkaProblem(error: unknown): string {
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  if (!(root instanceof Error)) return String(root);
  const code = (root as Error & { code?: unknown }).code;
  if (root.name === 'KafkaJSSASLAuthenticationError') return `the brokers refused the SASL credentials: ${root.message}`;
  if (root.name === 'KafkaJSConnectionError' || root.name === 'KafkaJSConnectionClosedError') {
    return `cannot connect to the brokers: ${typeof code === 'string' ? code : root.message.replace(/\s*\S+:\d+\s*$/, '')}`;
  }
  if (root.name === 'KafkaJSRequestTimeoutError') return 'the brokers did not answer in time';
  return root.message;
}
