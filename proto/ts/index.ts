export * from './catalogue';
export * from './wire';
export {
  EventCodec,
  EventDecodeError,
  InvalidEventPayloadError,
  UnknownTopicError,
  decodeEvent,
  encodeEvent,
  eventCodec,
  protoRootCandidates,
  resolveProtoRoot,
} from './codec';
export { EXAMPLE_PAYLOADS, examplePayload } from './examples';
export * from './plans';
export * from './apis/accounts';
export * from './apis/internal';
export * from './apis/analysis';
export * from './apis/photos';
