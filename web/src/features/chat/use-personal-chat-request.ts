import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showErrorToast } from '../../shared/api/error-toast';
import { usePersonalChatRequest } from '../../shared/chat/personal-chat-request';
import { chatApi } from './api';
import { PERSONAL_KEY, useChatUi } from './chat-ui';

/**
 * Takes another feature's request to open a personal chat (shared/chat/personal-chat-request.ts, the
 * proctoring grid's 'Написать'): opens or finds the chat and shows it in the chat modal.
 */
export function usePersonalChatRequests(): void {
  const queryClient = useQueryClient();
  const userId = usePersonalChatRequest((s) => s.userId);
  useEffect(() => {
    if (!userId) return;
    const { assignmentId } = usePersonalChatRequest.getState();
    usePersonalChatRequest.getState().taken();
    chatApi.openPersonal(userId, assignmentId ?? undefined).then(
      (chat) => {
        void queryClient.invalidateQueries({ queryKey: PERSONAL_KEY });
        useChatUi.getState().open(chat.id);
      },
      (error: unknown) => showErrorToast(error),
    );
  }, [userId, queryClient]);
}
