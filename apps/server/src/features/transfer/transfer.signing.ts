// The transfer record's signature (issue 22 §4, docs/transfer-format.md): Ed25519 over the canonical serialization
// (@volant/shared/transfer/format signedText), with node:crypto. Pure apart from the key generation's randomness; the
// key's storage is transfer.queries.ts.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import {
  signedText,
  TRANSFER_ALGORITHM,
  TRANSFER_FORMAT,
  TRANSFER_MESSAGES,
  type TransferDocument,
  type TransferRecord,
  transferDocument,
  transferTextProblem,
} from '@volant/shared/transfer/format';
import { AppError } from '../../lib/app-error.ts';

export interface SigningKey {
  /** SubjectPublicKeyInfo DER, base64. */
  publicKey: string;
  /** PKCS#8 DER, base64. */
  privateKey: string;
  keyFingerprint: string;
}

/** 'SHA256:' + the hex SHA-256 of the public key's DER bytes. */
export function fingerprintOf(publicKeyBase64: string): string {
  return `SHA256:${createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex')}`;
}

/** A new Ed25519 key pair. */
export function newSigningKey(): SigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  return { publicKey: pub, privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'), keyFingerprint: fingerprintOf(pub) };
}

/** The signed document: the record, the public key with its fingerprint, and the signature over the rest. */
export function signRecord(record: TransferRecord, key: SigningKey): TransferDocument {
  const unsigned = {
    format: TRANSFER_FORMAT,
    record,
    signature: { algorithm: TRANSFER_ALGORITHM, publicKey: key.publicKey, keyFingerprint: key.keyFingerprint },
  } as const;
  const privateKey = createPrivateKey({ key: Buffer.from(key.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  const value = sign(null, Buffer.from(signedText(unsigned), 'utf8'), privateKey).toString('base64');
  return { ...unsigned, signature: { ...unsigned.signature, value } };
}

/** Whether the signature holds for the document as it is (its own embedded key). */
export function signatureHolds(doc: TransferDocument): boolean {
  try {
    const publicKey = createPublicKey({ key: Buffer.from(doc.signature.publicKey, 'base64'), format: 'der', type: 'spki' });
    if (publicKey.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, Buffer.from(signedText(doc), 'utf8'), publicKey, Buffer.from(doc.signature.value, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The uploaded text as a verified document, or a refusal in Czech: the size and depth before parsing, then JSON, then
 * the format (zod, bounded), then the fingerprint against the key, then the signature.
 */
export function readTransferDocument(text: string): TransferDocument {
  const problem = transferTextProblem(text);
  if (problem) throw AppError.field('TRANSFER_INVALID', 'document', problem);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw AppError.field('TRANSFER_INVALID', 'document', TRANSFER_MESSAGES.notJson);
  }
  const parsed = transferDocument.safeParse(raw);
  if (!parsed.success) throw AppError.field('TRANSFER_INVALID', 'document', TRANSFER_MESSAGES.format);
  const doc = parsed.data;
  if (fingerprintOf(doc.signature.publicKey) !== doc.signature.keyFingerprint)
    throw AppError.field('TRANSFER_SIGNATURE_INVALID', 'document', TRANSFER_MESSAGES.fingerprint);
  if (!signatureHolds(doc)) throw AppError.field('TRANSFER_SIGNATURE_INVALID', 'document');
  return doc;
}

/** The id of a document for "imported once": the hash of its signature value. */
export function documentHash(doc: TransferDocument): string {
  return createHash('sha256').update(doc.signature.value).digest('hex');
}
