export { AuthModal } from './components/auth-modal';
export { useAuthModal, viewFromQuery, type AuthView } from './auth-modal-store';
export { NewPasswordForm } from './components/new-password-form';
export { SmsCodeInput } from './components/sms-code-input';
export { notifyError, notifySuccess } from './components/notify';
export { accessFlowError, fieldErrorsOf, loginError } from './errors';
export { useAccessErrorText } from './components/use-access-error-text';
export { useSigningApp } from './use-signing-app';
export { signXmlRequest, utf8Base64 } from './signing-app-client';
