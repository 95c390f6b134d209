// The signed-in user and plan catalogue as the services send them (generated from the OpenAPI
// document: ./schema.ts). The names the features use.
import type { ResponseBody, Schemas } from './schema';

/** The plan ids of the catalogue (auth's PlanId). */
export type PlanName = Schemas['PlanId'];

/** PublicUser of the auth API: what GET /api/auth/user and the account calls return. */
export type CurrentUser = Schemas['PublicUser'];

/** What signup and login answer with: the bearer token to store and the signed-in user. */
export type SessionResponse = Schemas['SignedIn'];

/** One plan of GET /api/plans, the catalogue that billing serves. */
export type PlanDefinition = Schemas['PlanDefinition'];

export type PlansResponse = ResponseBody<'getPlans'>;
