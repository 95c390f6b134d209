// What screens import: `import { notify, NOTICES } from '../../app/notify';`
// (The <Toaster /> that renders the toasts is mounted once, in app.tsx.)
export { notify, type NotifyOptions, type ToastHandle } from './notify';
export { NOTICES, type NoticeKey } from './notices';
