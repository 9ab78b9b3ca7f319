// Customer service calls (docs/product/community.md, "Customer service"): every write is a form (multipart, files among the
// fields); staff calls are JSON.
import type { AccountChange, CsPost, Inquiry, Report } from '../../src/shared/cs-schemas';
import { call } from './api';

export const writeInquiry = (form: FormData) => call<Inquiry>('POST', '/api/cs/inquiry-write', form);
export const deleteInquiry = (id: number) => call<{ id: number }>('DELETE', `/api/cs/inquiry-delete/${id}`);
export const fileReport = (form: FormData) => call<Report>('POST', '/api/cs/declaration-post', form);
export const withdrawReport = (id: number) => call<{ id: number }>('DELETE', `/api/cs/declaration-delete/${id}`);
export const requestAccountChange = (form: FormData) => call<AccountChange>('POST', '/api/cs/accountChange', form);

export const answerInquiry = (id: number, answer: string) => call<Inquiry>('PUT', `/api/admin/cs/inquiries/${id}/answer`, { answer });
export const closeReport = (source: 'cs' | 'message', id: number) => call<{ id: number }>('PUT', `/api/admin/cs/reports/${source}/${id}/close`, {});
export const decideAccountChange = (id: number, status: 'done' | 'rejected', note: string) => call<{ id: number }>('PUT', `/api/admin/cs/account-changes/${id}`, { status, note });
export const writePost = (post: { kind: string; locale: string; title: string; body: string }) => call<CsPost>('POST', '/api/admin/cs/posts', post);
