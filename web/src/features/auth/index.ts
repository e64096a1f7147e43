export { AuthModal } from './components/auth-modal';
