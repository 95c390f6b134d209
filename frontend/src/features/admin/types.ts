// Shapes the admin endpoints send, from the generated OpenAPI types: GET /api/admin/users (auth)
// and GET /api/admin/contact-messages (contact). Admin photos are PhotoDetail (features/photos/types).
import type { RequestBody, Schemas } from '../../api/schema';

export type AdminUser = Schemas['AdminUserView'];

export type MessageStatus = RequestBody<'adminSetContactStatus'>['status'];

export type ContactResponse = Schemas['ContactResponse'];

export type ContactMessage = Schemas['ContactMessage'];
