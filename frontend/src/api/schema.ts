// The API's request and response types, taken from the generated OpenAPI types
// (./generated/openapi.ts, written by `npm run api:types` from the services' zod schemas).
// Features name what they use here or with these helpers; nothing describes the API by hand.
import type { components, operations } from './generated/openapi';

export type Schemas = components['schemas'];

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Success<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : never;

/** The JSON body an operation takes, by its operationId. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends { requestBody: infer R } ? JsonOf<R> : never;

/** The JSON body an operation answers with on success, by its operationId. */
export type ResponseBody<Op extends keyof operations> = JsonOf<Success<operations[Op]['responses']>>;

/** Query parameters of an operation, by its operationId. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type PlanId = Schemas['PlanId'];
export type PublicUser = Schemas['PublicUser'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
