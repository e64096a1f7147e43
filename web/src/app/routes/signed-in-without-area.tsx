import { useTranslation } from 'react-i18next';
import { MainLayout } from '../shell';
import { useCurrentUser } from '../../shared/session';
import { PageHeading } from '../../shared/ui/page-heading';
import { SectionState } from '../../shared/ui/section-state';

/** A signed-in user whose group has no area (an analyst): the layout with an empty menu, and why. */
export default function SignedInWithoutArea() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <MainLayout>
      <PageHeading
        title={t('home.greeting', { name: user?.firstname ?? '' })}
        description={user?.school?.name}
      />
      <SectionState kind="in-development" title={t('home.noArea.title')} text={t('home.noArea.text')} />
    </MainLayout>
  );
}
