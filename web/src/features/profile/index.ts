export {
  ProfileEditPage,
  ProfilePasswordPage,
  ProfileViewPage,
  TeacherProfileEditPage,
} from './components/profile-pages';
