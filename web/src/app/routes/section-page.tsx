import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { PageHeading } from '../../shared/ui/page-heading';
import { SectionState } from '../../shared/ui/section-state';
import { SECTIONS, type SectionKey } from './route-table';

/**
 * A route of the specification whose screen is not built yet: it exists (links work, guards apply) and
 * says plainly what will be here. The section comes from the route's handle.
 */
export function SectionPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const section = (matches.at(-1)?.handle as { section?: SectionKey } | undefined)?.section ?? 'products';
  const kind = SECTIONS[section];
  const area = matches.at(-1)?.pathname.split('/')[1];
  return (
    <>
      <PageHeading title={t(`sections.names.${section}`)} description={t(`sections.about.${section}`)} />
      <SectionState
        kind={kind}
        title={kind === 'unavailable' ? t('sections.unavailableTitle') : t('sections.inDevelopmentTitle')}
        text={kind === 'unavailable' ? t('sections.unavailableText') : t('sections.inDevelopmentText')}
      >
        <Group>
          <Button component={Link} to={area && area.length === 1 ? `/${area}` : '/'} variant="light">
            {t('errors.toHome')}
          </Button>
        </Group>
      </SectionState>
    </>
  );
}
