import type { ComponentType } from 'react';
import { NewsEditorPage, NewsHomeBlock, NewsItemPage, NewsListPage } from '../../features/news';
import { GroupCreatePage, GroupEditPage, GroupsListPage } from '../../features/antiplagiarism';
import { GroupHome } from '../../features/home';
import {
  PEOPLE_COLLECTIONS,
  PeopleListPage,
  PersonCreatePage,
  PersonEditPage,
  PersonViewPage,
} from '../../features/people';
import {
  ServerCreatePage,
  ServerEditPage,
  ServersListPage,
  StorageCreatePage,
  StorageEditPage,
  StoragesListPage,
} from '../../features/infrastructure';
import { ProfileEditPage, ProfilePasswordPage, ProfileViewPage } from '../../features/profile';
import { StudentsListWithImport } from '../routes/students-list-with-import';

/** Each people collection's five screens, named as the route table names them. */
const peoplePages = Object.fromEntries(
  PEOPLE_COLLECTIONS.flatMap((collection) => [
    [`${collection}-index`, () => <PeopleListPage key="index" collection={collection} mode="index" />],
    [`${collection}-search`, () => <PeopleListPage key="search" collection={collection} mode="search" />],
    [`${collection}-create`, () => <PersonCreatePage collection={collection} />],
    [`${collection}-edit`, () => <PersonEditPage collection={collection} />],
    [`${collection}-view`, () => <PersonViewPage collection={collection} />],
  ]),
) as Record<string, ComponentType>;

/** The manager's area (/m); the admin administers a school's people here too. */
export const pages: Record<string, ComponentType> = {
  news: NewsListPage,
  'news-item': NewsItemPage,
  'news-create': NewsEditorPage,
  'news-edit': NewsEditorPage,
  home: () => <GroupHome news={<NewsHomeBlock />} />,
  profile: ProfileViewPage,
  'profile-edit': () => <ProfileEditPage />,
  'profile-password': ProfilePasswordPage,
  ...peoplePages,
  // The students list with the import wizard (features/tasks).
  'students-index': StudentsListWithImport,
  servers: ServersListPage,
  'server-create': ServerCreatePage,
  'server-edit': ServerEditPage,
  storages: StoragesListPage,
  'antiplagiarism-groups': GroupsListPage,
  'antiplagiarism-group-create': GroupCreatePage,
  'antiplagiarism-group-edit': GroupEditPage,
  'storage-create': StorageCreatePage,
  'storage-edit': StorageEditPage,
};
