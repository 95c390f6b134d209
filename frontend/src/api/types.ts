// Shapes the gateway sends, as the spec names them (section 3). Kept here until the endpoint
// types are generated from the gateway's OpenAPI document.

export type PlanName = 'explorer' | 'enthusiast' | 'professional';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  plan: PlanName;
  planExpiry: string | null;
  isActive: boolean;
  isAdmin: boolean;
}
