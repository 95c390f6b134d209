// Shapes the admin endpoints send: GET /api/admin/users (auth, AdminUserView) and
// GET /api/admin/contact-messages (contact, ContactMessageView). Admin photos are the photos
// service's PhotoDetail (features/photos/types).
import type { PlanName } from '../../api/types';

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: PlanName;
  planExpiry: string | null;
  isActive: boolean;
  isAdmin: boolean;
  isSiteAdmin: boolean;
  createdAt: string;
}

export type MessageStatus = 'pending' | 'in_progress' | 'resolved' | 'archived';

export interface ContactResponse {
  id: string;
  responseText: string;
  respondedBy: string;
  isPublic: boolean;
  createdAt: string;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  category: string;
  status: MessageStatus;
  priority: string;
  userId: string | null;
  ipAddress: string | null;
  assignedTo: string | null;
  createdAt: string;
  updatedAt: string;
  responses: ContactResponse[];
}
