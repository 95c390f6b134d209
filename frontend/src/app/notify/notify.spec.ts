import { NOTICES } from './notices';
import { notify } from './notify';
import { toastStore } from './toast-store';

describe('notify', () => {
  afterEach(() => toastStore.remove());

  it('shows success, info and destructive toasts with the catalogue texts', () => {
    notify.success(NOTICES.messageSent, NOTICES.messageSentDescription);
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        variant: 'success',
        title: 'Message sent successfully!',
        description: "We'll get back to you within 5 business days.",
      }),
    ]);
    notify.info(NOTICES.securityQuestionsFound);
    expect(toastStore.getSnapshot()[0]).toEqual(
      expect.objectContaining({ variant: 'info', title: 'Security Questions Found' }),
    );
    notify.error(NOTICES.sendMessageFailed, NOTICES.sendMessageFailedDescription);
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Failed to send message',
        description: 'Please try again later.',
      }),
    ]);
  });

  it('returns a handle that updates and dismisses its own toast', () => {
    const toast = notify.info('Working');
    toast.update({ title: NOTICES.paymentSuccessful, variant: 'success' });
    expect(toastStore.getSnapshot()[0]).toEqual(
      expect.objectContaining({ id: toast.id, title: 'Payment Successful', variant: 'success', open: true }),
    );
    toast.dismiss();
    expect(toastStore.getSnapshot()[0]?.open).toBe(false);
  });
});

describe('NOTICES', () => {
  it('names the product in the welcome notice', () => {
    expect(NOTICES.welcome).toBe('Welcome to Wildframe!');
  });

  it('spells the cookie notices as the spec does', () => {
    expect([
      NOTICES.preferencesSaved,
      NOTICES.allCookiesAccepted,
      NOTICES.nonEssentialCookiesDeclined,
    ]).toEqual(['Preferences Saved', 'All Cookies Accepted', 'Non-Essential Cookies Declined']);
  });
});
