// File endpoints: upload (multipart "file") and download through the API client (token sent).
import type { FileInfo } from '@exam/shared';
import { api, download } from '@/lib/api-client';

export const uploadFile = async (file: File) => (await api.upload<FileInfo>('/files/save', file)).data;

export const downloadFile = (file: Pick<FileInfo, 'url' | 'name'>) => download(file.url, file.name);
