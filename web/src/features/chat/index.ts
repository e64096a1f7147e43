export { ChatButton } from './components/chat-button';
export { ProctorMessages } from './components/proctor-messages';
export { WebinarChat } from './components/webinar-chat';
