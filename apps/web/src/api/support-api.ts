import {
  type ConversationStatus,
  type Page,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportAgent,
  type SupportConversation,
  type SupportCustomer,
  type SupportMessage,
  type SupportQuickReply,
  type SupportSearchHit,
} from '@kerf/contract';
import type { AxiosRequestConfig } from 'axios';
import { socketUrl } from './live-socket';
import { CLOUD_API, request } from './request';

/**
 * The customer-service chat (@kerf/contract support.ts). A signed-in person is known by the session;
 * a visitor by the token their browser keeps, sent in the X-Support-Visitor header (and `?visitor=`
 * where no header can go: the socket, a picture's address).
 */

export type { SupportConversation, SupportMessage };

const url = (path: string, id?: string) => `${CLOUD_API}${id === undefined ? path : path.replace(/:\w+/, id)}`;

/** Who the customer's calls speak for: the session, or a visitor's token. */
export interface SupportCaller {
  visitor?: string | null;
}

function asCaller(caller: SupportCaller | undefined, config: AxiosRequestConfig = {}): AxiosRequestConfig {
  if (!caller?.visitor) return config;
  // a visitor is nobody to the session: no bearer token, so a stale cookie cannot answer 422
  return { ...config, withToken: false, headers: { ...config.headers, [SUPPORT_VISITOR_HEADER]: caller.visitor } };
}

export interface MessagePage {
  list: SupportMessage[];
  hasMore: boolean;
}

export interface MessageQuery {
  after?: number;
  before?: number;
  limit?: number;
  q?: string;
}

/* ---- the customer (and staff reading a conversation) ---- */

/** Asked in the background on every page (the help button's badge): an ended session asks no re-login here. */
export async function fetchMyConversation(caller?: SupportCaller): Promise<SupportConversation | null> {
  return (
    (await request.get<SupportConversation | null>(url(SUPPORT_PATHS.mine), asCaller(caller, { reloginPrompt: false })))
      .data ?? null
  );
}

export async function openMyConversation(): Promise<SupportConversation> {
  return (await request.post<SupportConversation>(url(SUPPORT_PATHS.mine), undefined, { repeatSubmit: false })).data;
}

export interface VisitorStart {
  name: string;
  contact: string;
  captchaUuid: string;
  captchaCode: string;
}

export async function startVisitorConversation(
  input: VisitorStart,
): Promise<{ token: string; conversation: SupportConversation }> {
  return (
    await request.post<{ token: string; conversation: SupportConversation }>(url(SUPPORT_PATHS.visitor), input, {
      withToken: false,
    })
  ).data;
}

export async function fetchMessages(
  conversationId: string,
  query: MessageQuery,
  caller?: SupportCaller,
): Promise<MessagePage> {
  const answer = await request.get<MessagePage>(url(SUPPORT_PATHS.messages, conversationId), {
    ...asCaller(caller),
    params: query,
  });
  return { list: Array.isArray(answer.data?.list) ? answer.data.list : [], hasMore: answer.data?.hasMore === true };
}

/** Sends a text by REST (the socket's `send` is the usual way); a retry with the same clientId never duplicates. */
export async function postText(
  conversationId: string,
  clientId: string,
  text: string,
  caller?: SupportCaller,
): Promise<SupportMessage> {
  return (
    await request.post<SupportMessage>(
      url(SUPPORT_PATHS.messages, conversationId),
      { clientId, text },
      asCaller(caller, { repeatSubmit: false }),
    )
  ).data;
}

export async function postAttachment(
  conversationId: string,
  clientId: string,
  file: Blob,
  name: string,
  caller?: SupportCaller,
  onProgress?: (fraction: number) => void,
): Promise<SupportMessage> {
  const body = new FormData();
  body.append('clientId', clientId);
  body.append('file', file, name);
  return (
    await request.post<SupportMessage>(
      url(SUPPORT_PATHS.attachments, conversationId),
      body,
      asCaller(caller, {
        repeatSubmit: false,
        // a large file on a slow line takes longer than an ordinary call may
        timeout: 0,
        onUploadProgress: (event) => {
          if (event.total) onProgress?.(event.loaded / event.total);
        },
      }),
    )
  ).data;
}

export async function postRead(conversationId: string, seq: number, caller?: SupportCaller): Promise<void> {
  await request.post(url(SUPPORT_PATHS.read, conversationId), { seq }, asCaller(caller, { repeatSubmit: false }));
}

/** The address of a message's picture or file; visitors carry their token, the signed-in their cookie. */
export function attachmentUrl(messageId: string, caller?: SupportCaller): string {
  const path = url(SUPPORT_PATHS.attachment, encodeURIComponent(messageId));
  return caller?.visitor ? `${path}?visitor=${encodeURIComponent(caller.visitor)}` : path;
}

/** The chat's socket; the session cookie speaks for the signed-in, `?visitor=` for a visitor. */
export function supportLiveUrl(caller?: SupportCaller): string {
  const params = new URLSearchParams();
  if (caller?.visitor) params.set('visitor', caller.visitor);
  return socketUrl(url(SUPPORT_PATHS.live), params);
}

/* ---- staff ---- */

export type QueueTab = 'waiting' | 'mine' | 'open' | 'closed';

export interface QueueQuery {
  status?: ConversationStatus;
  assignee?: 'me' | 'none' | string;
  q?: string;
  page: number;
  limit: number;
}

export async function fetchQueue(query: QueueQuery): Promise<Page<SupportConversation>> {
  const answer = await request.get<Page<SupportConversation>>(url(SUPPORT_PATHS.queue), { params: query });
  return {
    list: Array.isArray(answer.data?.list) ? answer.data.list : [],
    total: answer.data?.total ?? 0,
    page: answer.data?.page ?? query.page,
    limit: answer.data?.limit ?? query.limit,
  };
}

/** Takes the conversation (no one named) or hands it to another agent. */
export async function assignConversation(conversationId: string, assigneeId?: string): Promise<SupportConversation> {
  return (
    await request.post<SupportConversation>(url(SUPPORT_PATHS.assign, conversationId), assigneeId ? { assigneeId } : {})
  ).data;
}

export async function closeConversation(conversationId: string): Promise<SupportConversation> {
  return (await request.post<SupportConversation>(url(SUPPORT_PATHS.close, conversationId))).data;
}

export async function fetchCustomer(conversationId: string): Promise<SupportCustomer> {
  return (await request.get<SupportCustomer>(url(SUPPORT_PATHS.customer, conversationId))).data;
}

export async function fetchAgents(): Promise<SupportAgent[]> {
  const data = (await request.get<SupportAgent[]>(url(SUPPORT_PATHS.agents))).data;
  return Array.isArray(data) ? data : [];
}

export async function searchMessages(q: string, page: number, limit: number): Promise<Page<SupportSearchHit>> {
  const answer = await request.get<Page<SupportSearchHit>>(url(SUPPORT_PATHS.search), { params: { q, page, limit } });
  return {
    list: Array.isArray(answer.data?.list) ? answer.data.list : [],
    total: answer.data?.total ?? 0,
    page: answer.data?.page ?? page,
    limit: answer.data?.limit ?? limit,
  };
}

export async function fetchQuickReplies(): Promise<SupportQuickReply[]> {
  const data = (await request.get<SupportQuickReply[]>(url(SUPPORT_PATHS.quickReplies))).data;
  return Array.isArray(data) ? data : [];
}

export interface QuickReplyInput {
  title: string;
  body: string;
  orderNum?: number;
}

export async function addQuickReply(input: QuickReplyInput): Promise<SupportQuickReply> {
  return (await request.post<SupportQuickReply>(url(SUPPORT_PATHS.quickReplies), input)).data;
}

export async function editQuickReply(id: string, input: QuickReplyInput): Promise<SupportQuickReply> {
  return (await request.put<SupportQuickReply>(url(SUPPORT_PATHS.quickReply, id), input)).data;
}

export async function removeQuickReply(id: string): Promise<void> {
  await request.delete(url(SUPPORT_PATHS.quickReply, id));
}
