import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { FindIdSection } from '../components/auth/FindIdSection';
import { FindPasswordSection } from '../components/auth/FindPasswordSection';
import { FindTabs } from '../components/auth/FindTabs';

/**
 * /member/find/findId: find ID and reset password. Domestic members verify their identity (NICE); foreign members,
 * on the foreigner tab (?type=foreigner), the phone they signed up with (the internal provider's phone code).
 */
export function FindIdPage({ props }: { props: PageProps<'FIND_ID'> }) {
  const t = useT();
  const foreigner = props.data.member === 'foreigner';
  return (
    <section className="auth-page find-page" aria-labelledby="find-title">
      <h1 id="find-title">{t('find.title')}</h1>
      {props.data.showForeigner && <FindTabs current={foreigner ? 'foreigner' : 'domestic'} />}
      <FindIdSection foreigner={foreigner} />
      <FindPasswordSection foreigner={foreigner} />
    </section>
  );
}
