import { useT } from '../i18n/i18n';
import { FindIdSection } from '../components/auth/FindIdSection';
import { FindPasswordSection } from '../components/auth/FindPasswordSection';

/** /member/find/findId: find ID and reset password, both through identity verification. */
export function FindIdPage() {
  const t = useT();
  return (
    <section className="auth-page find-page" aria-labelledby="find-title">
      <h1 id="find-title">{t('find.title')}</h1>
      <FindIdSection />
      <FindPasswordSection />
    </section>
  );
}
