import { PageHeader } from '../../components/page-header';

export function CookiePreferencesPage() {
  return (
    <PageHeader
      title="Cookie Preferences"
      lead="Choose which cookies Wildframe may use. Necessary cookies keep the site working and are always on; analytics, functional and marketing cookies are up to you."
    />
  );
}
