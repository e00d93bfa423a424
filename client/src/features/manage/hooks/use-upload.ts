import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { commandError } from '../../../lib/realtime/timer';
import { uploadFile, type UploadKind, type UploadResult } from '../api/upload-file';

/** Uploads one file at a time and reports refusals in Chinese. */
export function useUpload(timerId: string, kind: UploadKind) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File): Promise<UploadResult | null> => {
    setUploading(true);
    setError(null);
    try {
      return await uploadFile(timerId, kind, file);
    } catch (failure) {
      const message = commandError(failure).message;
      setError(message);
      toast.error(format(manageText.upload.failed, { message }));
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading, error };
}
