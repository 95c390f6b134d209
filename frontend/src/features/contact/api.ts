// The public contact form (services/contact through the gateway). A sent message refreshes the
// admin panel's cached message list (spec, section 4).
import { api } from '../../api/api';
import type { ContactCategory } from './contact-rules';

export interface ContactMessageRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: ContactCategory;
}

export interface ContactMessageSent {
  id: string;
  status: string;
  message: string;
}

export const contactApi = api.enhanceEndpoints({ addTagTypes: ['ContactMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactMessageSent, ContactMessageRequest>({
      query: (body) => ({ url: 'contact', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ContactMessages']),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
