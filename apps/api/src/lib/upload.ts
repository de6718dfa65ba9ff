import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError } from './errors';

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

/** Receives one .xlsx file from the multipart field `file`, in memory, at most 10 MB. */
export function receiveSpreadsheet(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        reject(
          err.code === 'LIMIT_FILE_SIZE'
            ? new AppError('PAYLOAD_TOO_LARGE', 'The spreadsheet is too large (10 MB at most)')
            : new AppError('VALIDATION', `Upload failed: ${err.message}`),
        );
      } else if (err) reject(err);
      else if (!req.file)
        reject(new AppError('VALIDATION', 'Please choose an .xlsx file to upload (form field "file")'));
      else resolve(req.file);
    });
  });
}
