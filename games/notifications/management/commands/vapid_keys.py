"""Print a new VAPID key pair for Web Push: the private key for VAPID_PRIVATE_KEY (keep it secret; one
per site, kept across deployments: browsers subscribed under one key do not accept pushes signed with
another) and the public key the browsers are given."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def b64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Command(BaseCommand):
    help = "Print a new VAPID key pair (VAPID_PRIVATE_KEY and its public key) for Web Push."

    def handle(self, *args, **options):
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"VAPID_PRIVATE_KEY={b64url(private)}\n")
        self.stdout.write(f"# public key (the settings page gives it to browsers): {b64url(public)}\n")
