import { fetchMessages, postAttachment, postRead, type SupportCaller } from '../../../../api/support-api';
import type { SupportTransport } from './support-connection';

/** The REST calls of the connection, as a caller (a visitor's token, or the session). */
export function supportTransport(caller: SupportCaller): SupportTransport {
  return {
    fetchMessages: (conversationId, query) => fetchMessages(conversationId, query, caller),
    postAttachment: (conversationId, clientId, file, name, onProgress) =>
      postAttachment(conversationId, clientId, file, name, caller, onProgress),
    postRead: (conversationId, seq) => postRead(conversationId, seq, caller),
  };
}
