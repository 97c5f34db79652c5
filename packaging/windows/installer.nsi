; The Windows installer of the one-folder build (build.spec, MINESWEEPER_BUILD=onedir):
; per user (no administrator), into %LOCALAPPDATA%\Programs\Minesweeper, a Start menu
; entry, an uninstaller listed in the user's Apps & features, and an upgrade in place
; (the same folder; the old build's files removed first, the player's data untouched:
; it lives in the data folder, game/persist/paths.py). The installed game starts as
; fast as `python -m game`: nothing is unpacked at each start, as the one file must.
;
;   makensis -WX -DVERSION=1.2.3 -DSOURCE=dist\minesweeper -DOUTFILE=setup.exe \
;       packaging\windows\installer.nsi
;
; Built by the release workflow on Windows, and by tests/test_installer.py on Linux with
; Debian's nsis (the same makensis). Silent: setup.exe /S; uninstall.exe /S.

Unicode true
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "give -DVERSION=x.y.z (pyproject.toml's version)"
!endif
!ifndef SOURCE
  !error "give -DSOURCE=the one-folder build (dist\minesweeper, holding minesweeper.exe)"
!endif
!ifndef OUTFILE
  !define OUTFILE "minesweeper-${VERSION}-windows-x64-setup.exe"
!endif

!define NAME "Minesweeper"
!define EXE "minesweeper.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.minesweeper_ce.Minesweeper"

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${NAME} ${VERSION}"
ShowInstDetails nevershow
ShowUninstDetails nevershow

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${NAME} installer"
VIAddVersionKey "LegalCopyright" "Copyright (c) Minesweeper CE contributors. MIT License."

Page directory
Page instfiles
UninstPage uninstConfirm
UninstPage instfiles

Section "Install"
  SetShellVarContext current
  ; An upgrade in place: the build before is taken away first, so no file of an old
  ; version is left beside the new one (the player's games are not in this folder).
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  SetOutPath "$INSTDIR"
  File /r "${SOURCE}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Minesweeper CE contributors"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${NAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
