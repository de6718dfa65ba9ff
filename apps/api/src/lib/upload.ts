import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError } from './errors';
import { assertSafeXlsx } from './xlsx-guard';

export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_SPREADSHEET_BYTES, files: 1, fields: 10 },
  fileFilter: (_req, file, cb) => {
    if (!/\.xlsx$/i.test(file.originalname)) {
      cb(new AppError('VALIDATION', 'Only .xlsx spreadsheets are accepted'));
      return;
    }
    cb(null, true);
  },
}).single('file');

/**
 * Receives one .xlsx file from the multipart field `file`, in memory, at most 10 MB, and refuses
 * it (400) when it is empty, truncated or a zip bomb before anything parses it.
 */
export async function receiveSpreadsheet(req: Request, res: Response): Promise<Express.Multer.File> {
  const file = await receiveFile(req, res);
  await assertSafeXlsx(file.buffer);
  return file;
}

function receiveFile(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        reject(
          err.code === 'LIMIT_FILE_SIZE'
            ? new AppError('PAYLOAD_TOO_LARGE', 'The spreadsheet is too large (10 MB at most)')
            : new AppError('VALIDATION', `Upload failed: ${err.message}`),
        );
      } else if (err instanceof AppError) reject(err);
      else if (err) reject(new AppError('VALIDATION', 'The upload is not a well-formed multipart form'));
      else if (!req.file)
        reject(new AppError('VALIDATION', 'Please choose an .xlsx file to upload (form field "file")'));
      else resolve(req.file);
    });
  });
}
