export { ChatButton } from './components/chat-button';
export { WebinarChat } from './components/webinar-chat';
