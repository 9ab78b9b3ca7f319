import { type ApiRequest, call } from './api';

export const writeInquiry = (form: FormData) => call('POST', '/api/cs/inquiry-write', { form });
export const deleteInquiry = (id: number) => call('DELETE', '/api/cs/inquiry-delete/:id', { param: { id } });
export const fileReport = (form: FormData) => call('POST', '/api/cs/declaration-post', { form });
export const withdrawReport = (id: number) => call('DELETE', '/api/cs/declaration-delete/:id', { param: { id } });
export const requestAccountChange = (form: FormData) => call('POST', '/api/cs/accountChange', { form });

export const answerInquiry = (id: number, answer: string) => call('PUT', '/api/admin/cs/inquiries/:id/answer', { param: { id }, json: { answer } });
export const closeReport = (source: 'cs' | 'message', id: number) => call('PUT', '/api/admin/cs/reports/:source/:id/close', { param: { source, id }, json: {} });
export const decideAccountChange = (id: number, status: 'done' | 'rejected', note: string) => call('PUT', '/api/admin/cs/account-changes/:id', { param: { id }, json: { status, note } });
export const writePost = (post: ApiRequest<'POST', '/api/admin/cs/posts'>['json']) => call('POST', '/api/admin/cs/posts', { json: post });
