// The public contact form (services/contact through the gateway). A sent message refreshes the
// admin panel's cached message list (spec, section 4).
import { api } from '../../api/api';
import type { RequestBody, ResponseBody } from '../../api/schema';

export type ContactMessageRequest = RequestBody<'sendContactMessage'>;

export type ContactMessageSent = ResponseBody<'sendContactMessage'>;

export const contactApi = api.enhanceEndpoints({ addTagTypes: ['ContactMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactMessageSent, ContactMessageRequest>({
      query: (body) => ({ url: 'contact', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['ContactMessages']),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
