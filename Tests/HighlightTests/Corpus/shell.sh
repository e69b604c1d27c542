#!/bin/bash
# Deploy the built site.
set -euo pipefail

SITE_DIR="${1:-Output}"
HOST=deploy@example.com

if [ ! -d "$SITE_DIR" ]; then
  echo "no $SITE_DIR; run sitegen build first" >&2
  exit 1
fi

for file in "$SITE_DIR"/*.html; do
  gzip -k -9 "$file"
done

rsync -avz --delete "$SITE_DIR/" "$HOST:/var/www/blog/"
echo "deployed $(date +%Y-%m-%d)"
