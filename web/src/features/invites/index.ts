export { InviteCreatePage, InvitesListPage, InviteViewPage } from './components/invite-pages';
