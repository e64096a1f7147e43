import { signedIn, type RouteAccessTable } from '../../platform/http/route-access';

/** Who may call each of this context's routes (route-access.ts). */
export const chatRouteAccess: RouteAccessTable = {
  // Chat (contexts/chat, docs/chat.md): every signed-in caller may ask; the routes answer only a chat's
  // participants (access.ts) and 404 to anybody else, and moderation checks the chat's moderators.
  'GET /api/chats': signedIn,
  'POST /api/chats': signedIn,
  // The caller's own personal chats with exam watchers (watcher-chats.ts), for an exam's focus mode.
  'GET /api/chats/watchers.json': signedIn,
  'GET /api/chats/:id': signedIn,
  'POST /api/chats/:id/read.json': signedIn,
  'POST /api/chats/:id/mute.json': signedIn,
  'GET /api/chat-messages': signedIn,
  'POST /api/chat-messages': signedIn,
  'PUT /api/chat-messages/:id': signedIn,
  'DELETE /api/chat-messages/:id': signedIn,
  'GET /api/classes/:id/chat.json': signedIn,
  'GET /api/assignments/:id/chat.json': signedIn,
  'GET /api/webinars/:id/chat.json': signedIn,
};
