export { ChatButton } from './components/chat-button';
